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
