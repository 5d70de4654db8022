import { toast } from "sonner";

/**
 * Puts a link on the clipboard and says so. Without a clipboard (a page not served over https
 * but for localhost, or a browser that refuses) it says to select the link instead.
 */
export function copyText(text: string): void {
  const failed = () => {
    toast.error("Could not copy: select the link and copy it instead");
  };
  if (!navigator.clipboard) {
    failed();
    return;
  }
  navigator.clipboard.writeText(text).then(() => toast.success("Copied"), failed);
}
