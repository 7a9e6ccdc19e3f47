/* Table card: a Print button, shown only where JavaScript can open the print dialog. */
(function () {
  "use strict";
  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("[data-print]").forEach(function (button) {
      if (typeof window.print !== "function") return;
      button.hidden = false;
      button.addEventListener("click", function () { window.print(); });
    });
  });
})();
