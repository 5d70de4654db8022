// The service worker (src/web/service-worker.js, built into /sw.js) makes the app open offline
// and lets browsers install it. Only a production build has one, and browsers run service
// workers only in secure contexts (https, or localhost).
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !window.isSecureContext || !("serviceWorker" in navigator)) return;
  const register = () => {
    // Not an error to show: without it the app works as before, only not offline.
    navigator.serviceWorker.register("/sw.js").catch((error: unknown) => {
      console.warn("The service worker was not registered", error);
    });
  };
  // After the page has loaded, so the shell's own downloads come first.
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}
