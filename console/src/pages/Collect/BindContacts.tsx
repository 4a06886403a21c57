// c/bind-contacts: contacts bound to a survey, their links and invitations.
export { BindContactsPage as default } from './Bind';
