// Starts the app on a prerendered page (issue 48) once that page has painted: the page paints from
// its HTML and CSS alone, then this script adds the entry's script elements (their download and
// evaluation never hold back the page the visitor can already read and fill; on a fast network
// deferred scripts would otherwise arrive and run before the first paint). The page names the
// files in this script's data-entry attribute (scripts/build/prerender.mjs); they run in that
// order. Under the CSP's Trusted Types a script address needs a policy: this one ("app-boot")
// accepts only the app's own script files.
(function () {
  var me = document.currentScript;
  var files = ((me && me.getAttribute('data-entry')) || '').split(' ').filter(Boolean);
  var policy =
    window.trustedTypes &&
    window.trustedTypes.createPolicy('app-boot', {
      createScriptURL: function (url) {
        if (/^\/static\/js\/[\w.-]+\.js$/.test(url)) return url;
        throw new TypeError('not one of the app\u2019s scripts: ' + url);
      },
    });
  var started = false;
  function start() {
    if (started) return;
    started = true;
    for (var i = 0; i < files.length; i += 1) {
      var script = document.createElement('script');
      script.async = false; // in order, as the entry's deferred scripts would
      script.src = policy ? policy.createScriptURL(files[i]) : files[i];
      document.head.appendChild(script);
    }
  }
  // After the next frame has been painted; a hidden tab paints nothing, so it starts at once.
  if (document.visibilityState === 'hidden') start();
  else {
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
    setTimeout(start, 1000); // a browser that holds frames back still starts
  }
})();
