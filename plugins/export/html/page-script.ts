// The page's only script: the light/dark switch, opening or closing every tool call at once, and showing what a
// link of the session tree points to (opening the folded branch that holds it). It reads and writes nothing outside
// the page.
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
  var reveal = function () {
    var target = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
    if (!target) return;
    for (var node = target.parentElement; node; node = node.parentElement) if (node.tagName === "DETAILS") node.open = true;
    var shown = document.querySelectorAll(".shown");
    for (var i = 0; i < shown.length; i++) shown[i].classList.remove("shown");
    var shownElement = target.className === "anchor" ? target.closest(".message") || target : target;
    shownElement.classList.add("shown");
    shownElement.scrollIntoView({ block: "center" });
  };
  window.addEventListener("hashchange", reveal);
  reveal();
})();`;
