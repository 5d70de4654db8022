import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "react-router";
import { Toaster } from "sonner";
import { AuthProvider } from "./auth-provider.js";
import { OrganizationProvider } from "./organization-provider.js";
import { router } from "./router.js";

const queryClient = new QueryClient({
  defaultOptions: { queries: { refetchOnWindowFocus: false } },
});

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <OrganizationProvider>
          <RouterProvider router={router} />
          <Toaster richColors position="top-center" closeButton />
        </OrganizationProvider>
      </AuthProvider>
    </QueryClientProvider>
  );
}
