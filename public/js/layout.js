/* Layout behaviour shared by every page. */
(function () {
  'use strict';
  // The logo is optional: hide the image rather than show a broken one.
  var logo = document.querySelector('.topbar .logo');
  if (logo) {
    var hide = function () { logo.hidden = true; };
    if (logo.complete && logo.naturalWidth === 0) hide();
    logo.addEventListener('error', hide);
  }
  // A script error on a page is reported to the audit trail as a frontend message (a few per page
  // view at most), so administrators see on the audit page what went wrong in users' browsers.
  var reported = 0;
  function reportProblem(message, context) {
    var token = document.querySelector('meta[name="csrf-token"]');
    if (!window.gas || !token || !token.getAttribute('content') || reported >= 5) return;
    reported += 1;
    var body = { level: 'error', message: String(message || 'Script error').slice(0, 1000), context: Object.assign({ page: window.location.pathname }, context) };
    window.gas.post('/audit/data/frontend', body, { noRedirect: true }).catch(function () { /* reporting must never disturb the page */ });
  }
  window.addEventListener('error', function (event) {
    reportProblem(event.message, { source: String(event.filename || '').slice(0, 300), line: event.lineno || 0, column: event.colno || 0 });
  });
  window.addEventListener('unhandledrejection', function (event) {
    var reason = event.reason;
    reportProblem(reason && reason.message ? reason.message : String(reason), { kind: 'unhandled promise rejection' });
  });

  // Error pages are rendered without a token; the sign-out form fetches the session's token.
  var signOut = document.querySelector('form.sign-out');
  if (signOut) {
    signOut.addEventListener('submit', async function (event) {
      var field = signOut.querySelector('input[name="_csrf"]');
      if (field && field.value) return;
      event.preventDefault();
      try {
        var session = await window.gas.get('/session', { noRedirect: true });
        field.value = session.csrfToken;
      } catch (error) { /* submit anyway: the server answers with a clear error */ }
      signOut.submit();
    });
  }
})();
