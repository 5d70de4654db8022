import { Slot } from "@radix-ui/react-slot";
import type { ComponentProps } from "react";
import { cn } from "../../lib/cn.js";

const variants = {
  primary: "bg-brand-700 text-white hover:bg-brand-800 shadow-sm",
  secondary: "bg-white text-ink border border-slate-200 hover:bg-slate-50 shadow-sm",
  ghost: "text-ink hover:bg-slate-100",
  destructive: "bg-red-600 text-white hover:bg-red-700 shadow-sm",
  ball: "bg-ball text-ink hover:bg-yellow-300 shadow-sm",
} as const;

const sizes = {
  /** Compact beside text on a laptop; on a phone every button is a thumb's size (44 px). */
  sm: "h-8 px-3 text-sm max-sm:h-11 max-sm:min-w-11",
  /**
   * 40 px on a laptop; on a phone at least a thumb's 44, like every other button there (a
   * minimum, so a caller's taller button, the score sheet's 56 px, stays as tall).
   */
  md: "h-10 px-4 text-sm max-sm:min-h-11",
  lg: "h-12 px-6 text-base",
  /** Where people play, standing, one hand on the phone: 44 px both ways at least. */
  touch: "h-11 min-w-11 px-4 text-sm",
  icon: "h-11 w-11",
} as const;

export type ButtonProps = ComponentProps<"button"> & {
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
  /** Render the child (a Link, say) with the button's look. */
  asChild?: boolean;
};

export function Button({ variant = "primary", size = "md", asChild, className, ...props }: ButtonProps) {
  const Component = asChild ? Slot : "button";
  return (
    <Component
      className={cn(
        "inline-flex items-center justify-center gap-2 rounded-lg font-semibold whitespace-nowrap transition-colors",
        "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600",
        "disabled:pointer-events-none disabled:opacity-50 cursor-pointer",
        variants[variant],
        sizes[size],
        className,
      )}
      {...props}
    />
  );
}
