// Placeholder for the Fandeck loader: the real one defines every fan-* element and
// loads its feature on demand. Until then it only marks the page as seen by the loader.
(function () {
  var script = document.currentScript;
  window.Fandeck = window.Fandeck || { loader: 'placeholder', origin: script ? new URL(script.src).origin : location.origin };
})();
