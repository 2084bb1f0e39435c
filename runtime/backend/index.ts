// The site's backend calls, for islands to import from one place.
export { backendConfig, getSupabase, resetSupabase, type BackendConfig } from './client.ts';
export { captureStarterKitEmail, readCapturedEmails, resendCapturedEmails, CAPTURED_EMAILS_KEY, type CapturedEmail } from './capture.ts';
export { sendContactMessage, type ContactMessage } from './contact.ts';
export { currentUser, isAdmin, onAuthChange, previewPublicUrl, signIn, signOut, uploadPreview, PREVIEWS_BUCKET } from './previews.ts';
