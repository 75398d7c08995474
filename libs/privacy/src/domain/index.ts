export { ACCOUNT_ERASED_MESSAGE, PRIVACY_ERRORS, SubjectBeingErased } from './errors';
