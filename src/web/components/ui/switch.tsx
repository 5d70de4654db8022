import * as Radix from "@radix-ui/react-switch";
import type { ComponentProps } from "react";

/**
 * The app's on/off switch: Radix's (a button with role="switch", keyboard and screen reader
 * ready) drawn once here. Label it with a <label htmlFor> on its id.
 */
export function Switch({ className = "", ...props }: Omit<ComponentProps<typeof Radix.Root>, "children">) {
  return (
    <Radix.Root
      className={`relative h-6 w-11 shrink-0 cursor-pointer rounded-full bg-slate-300 transition-colors disabled:cursor-not-allowed disabled:opacity-50 data-[state=checked]:bg-brand-700 ${className}`}
      {...props}
    >
      <Radix.Thumb className="block h-5 w-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[22px]" />
    </Radix.Root>
  );
}
