import { onlineManager, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "react-router";
import { Toaster } from "sonner";
import { useDialogOpen } from "../lib/use-dialog-open.js";
import { AuthProvider } from "./auth-provider.js";
import { keepQueries, restoreKeptQueries } from "./kept-queries.js";
import { OfflineBanner } from "./offline-banner.js";
import { OrganizationProvider } from "./organization-provider.js";
import { router } from "./router.js";

// TanStack Query takes the browser to be online until it hears otherwise: told the truth at
// start, an app opened offline (from the service worker's cache) waits for the network instead
// of failing every read, and fetches what it shows as soon as the network is back.
onlineManager.setOnline(navigator.onLine);

const queryClient = new QueryClient({
  defaultOptions: {
    queries: { refetchOnWindowFocus: false },
    // A tap offline is tried at once, not paused out of sight until the network is back: a
    // score is kept on the phone (held-scores.ts), anything else says to check the connection.
    mutations: { networkMode: "always" },
  },
});
// What the night runs on opens offline from its last answers, and is kept as it changes.
restoreKeptQueries(queryClient);
keepQueries(queryClient);

export function App() {
  // With a dialog open its buttons are at the bottom: toasts go to the top, out of their way.
  const dialogOpen = useDialogOpen();
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <OrganizationProvider>
          {/* Above every page, signed in or not: the shell opens offline wherever it was left. */}
          <OfflineBanner />
          <RouterProvider router={router} />
          {/* At the bottom, where a thumb reaches an Undo and no dialog keeps its title or the
              phone its header; at the top while a dialog is open, off its buttons. Two at most,
              so five courts' "Score recorded" do not stack up. A toast is for the screen: a
              printed plan or record leaves it out. */}
          <Toaster
            richColors
            position={dialogOpen ? "top-center" : "bottom-center"}
            closeButton
            visibleToasts={2}
            className="print:hidden"
          />
        </OrganizationProvider>
      </AuthProvider>
    </QueryClientProvider>
  );
}
