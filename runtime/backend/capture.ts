// TEMPORARY stand-in written by the lead so the build runs; the backend work replaces this file.
export async function captureStarterKitEmail(email: string): Promise<{ stored: 'backend' | 'local' }> {
  void email;
  return { stored: 'local' };
}
export async function resendCapturedEmails(): Promise<number> {
  return 0;
}
