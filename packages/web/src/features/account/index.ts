// The account feature's public entry: the signed-in user inside the logged-in area, and the form
// pieces other features' forms share. Its pages load through account-pages.ts and the route table.
export { useLoggedInUser } from './LoggedArea';
export { useAccountRules } from './account-rules';
export { AccountFrame } from './AccountFrame';
export { AccountLink } from './AccountLinks';
export { CodeSendingField } from './CodeSendingField';
export { FieldAnnouncer, FormFeedback } from './FormFeedback';
export { SubmitButton } from './SubmitButton';
export { useFieldAnnouncer } from './use-field-announcer';
export { useFormSubmission, type SubmissionResult } from './use-form-submission';
export { useGoTo } from './use-go-to';
