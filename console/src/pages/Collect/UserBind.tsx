// c/user-bind: system users bound to a survey (personnel link), their links and invitations.
export { UserBindPage as default } from './Bind';
