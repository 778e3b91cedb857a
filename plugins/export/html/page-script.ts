// The page's only script: the light/dark switch and opening or closing every tool call at once. It reads and
// writes nothing outside the page.
export const PAGE_SCRIPT = `(function () {
  var root = document.documentElement;
  var theme = document.getElementById("theme-toggle");
  var dark = function () {
    return root.dataset.theme ? root.dataset.theme === "dark" : window.matchMedia("(prefers-color-scheme: dark)").matches;
  };
  var label = function () { theme.textContent = dark() ? "Light theme" : "Dark theme"; };
  theme.addEventListener("click", function () { root.dataset.theme = dark() ? "light" : "dark"; label(); });
  label();
  var tools = document.getElementById("tools-toggle");
  tools.addEventListener("click", function () {
    var all = Array.prototype.slice.call(document.querySelectorAll("details.tool"));
    var open = !all.every(function (item) { return item.open; });
    all.forEach(function (item) { item.open = open; });
    tools.textContent = open ? "Collapse tool calls" : "Expand tool calls";
  });
})();`;
