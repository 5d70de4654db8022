// The one control of the pages visitors are sent without the app (src/web/visitor-pages.tsx):
// the menu on phones.
const button = document.querySelector("[data-menu-button]");
const menu = document.querySelector("[data-menu]");
button?.addEventListener("click", () => {
  const open = menu.hidden;
  menu.hidden = !open;
  button.setAttribute("aria-expanded", String(open));
  button.setAttribute("aria-label", open ? "Close menu" : "Open menu");
  for (const icon of button.querySelectorAll("[data-menu-icon]")) icon.toggleAttribute("hidden");
});
