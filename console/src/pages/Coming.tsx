import Coming from '../components/Coming';

export default Coming;
