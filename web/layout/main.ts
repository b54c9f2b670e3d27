/** What every page's layout does: the optional logo, script errors reported to the audit trail, and the sign-out form's token. */
import { call, client } from '../shared/client';
import { onReady } from '../shared/page-kit';

// The logo is optional: hide the image rather than show a broken one.
function hideMissingLogo(): void {
  const logo = document.querySelector<HTMLImageElement>('.topbar .logo');
  if (!logo) return;
  const hide = () => {
    logo.hidden = true;
  };
  if (logo.complete && logo.naturalWidth === 0) hide();
  logo.addEventListener('error', hide);
}

/*
 * A script error on a page is reported to the audit trail as a frontend message (a few per page view
 * at most), so administrators see on the audit page what went wrong in users' browsers.
 */
let reported = 0;
function reportProblem(message: string, context: Record<string, string | number>): void {
  const token = document.querySelector('meta[name="csrf-token"]')?.getAttribute('content');
  if (!token || reported >= 5) return;
  reported += 1;
  const body = {
    level: 'error' as const,
    message: String(message || 'Script error').slice(0, 1000),
    context: { page: window.location.pathname, ...context },
  };
  // Reporting must never disturb the page.
  call(client.POST('/audit/data/frontend', { body }), { noRedirect: true }).catch(() => undefined);
}

window.addEventListener('error', (event) => {
  reportProblem(event.message, { source: String(event.filename || '').slice(0, 300), line: event.lineno || 0, column: event.colno || 0 });
});
window.addEventListener('unhandledrejection', (event: PromiseRejectionEvent) => {
  const reason: unknown = event.reason;
  reportProblem(reason instanceof Error ? reason.message : String(reason), { kind: 'unhandled promise rejection' });
});

// Error pages are rendered without a token; the sign-out form fetches the session's token.
function signOutWithToken(): void {
  const signOut = document.querySelector<HTMLFormElement>('form.sign-out');
  if (!signOut) return;
  signOut.addEventListener('submit', async (event) => {
    const tokenField = signOut.querySelector<HTMLInputElement>('input[name="_csrf"]');
    if (!tokenField || tokenField.value) return;
    event.preventDefault();
    try {
      const session = await call(client.GET('/session'), { noRedirect: true });
      if (session.csrfToken) tokenField.value = session.csrfToken;
    } catch {
      // Submit anyway: the server answers with a clear error.
    }
    signOut.submit();
  });
}

onReady(() => {
  hideMissingLogo();
  signOutWithToken();
});
