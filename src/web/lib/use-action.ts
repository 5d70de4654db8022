// The one way a component calls a mutating endpoint: the request, the queries it changes, and
// what the person is told. A failure never escapes: it becomes the one error toast (or the
// caller's own handling), so components hold no try/catch of their own.
import { type QueryKey, useMutation, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { type ExternalToast, toast } from "sonner";
import { ApiError } from "./api.js";

type Toast = string | { title: string; description?: string };

/** The component's part of an action: what the person is told, and what else happens. */
export type ActionFeedback<T, V> = {
  success?: Toast | ((result: T, vars: V) => Toast | undefined);
  errorTitle?: string;
  /** A fixed description in place of the error's own. */
  errorDescription?: string;
  /** Runs after the refetch and before the success toast. */
  onSuccess?: (result: T, vars: V) => void;
  /** Answers true when it has told the person itself: the default error toast is then skipped. */
  onError?: (error: unknown) => boolean;
};

type ActionOptions<T, V> = ActionFeedback<T, V> & {
  run: (vars: V) => Promise<T>;
  /** Refetched before the success toast, so the page already shows the change when it appears. */
  invalidates?: readonly QueryKey[];
};

type Action<T, V> = {
  /** The result, or undefined when the action failed (the person has been told); never rejects. */
  run: (vars: V) => Promise<T | undefined>;
  busy: boolean;
};

/** What went wrong, for the person: the server's message, or a hint when no answer came back. */
export function errorMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : "Please check your connection and try again.";
}

export function showErrorToast(
  error: unknown,
  title = "Error",
  extra: Pick<ExternalToast, "description" | "action"> = {},
): void {
  toast.error(title, { ...extra, description: extra.description ?? errorMessage(error) });
}

function showSuccessToast(content: Toast): void {
  if (typeof content === "string") toast.success(content);
  else toast.success(content.title, { description: content.description });
}

export function useAction<T, V = void>(options: ActionOptions<T, V>): Action<T, V> {
  const queryClient = useQueryClient();
  const { mutateAsync, isPending } = useMutation({
    mutationFn: options.run,
    onSuccess: async (result, vars) => {
      const { invalidates = [], success } = options;
      await Promise.all(invalidates.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      options.onSuccess?.(result, vars);
      const told = typeof success === "function" ? success(result, vars) : success;
      if (told) showSuccessToast(told);
    },
    onError: (error) => {
      // A refusal often means the page is out of date (someone else acted first): show what is true now.
      for (const queryKey of options.invalidates ?? []) void queryClient.invalidateQueries({ queryKey });
      if (options.onError?.(error)) return;
      showErrorToast(error, options.errorTitle, { description: options.errorDescription });
    },
  });
  const run = useCallback((vars: V) => mutateAsync(vars).catch(() => undefined), [mutateAsync]);
  return { run, busy: isPending };
}
