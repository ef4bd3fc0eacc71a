import type { ComponentProps } from "react";

const VARIANTS = {
  /** The one action a form or a screen is for. */
  primary: "border border-brand-600 bg-brand-600 text-white hover:bg-brand-700",
  secondary: "border border-stone-300 bg-white text-stone-800 shadow-sm hover:bg-stone-100",
  /** Disables, undoes: what cannot be taken back without another step. */
  danger: "border border-red-300 bg-white text-red-800 hover:bg-red-50",
  /** Reads as a link in running text; it has no box, so sizes do not apply. */
  link: "text-brand-700 underline underline-offset-2 hover:text-brand-900",
} as const;

const SIZES = {
  xs: "px-2 py-0.5 text-xs",
  sm: "px-3 py-1.5 text-sm",
  md: "px-4 py-2 text-sm",
  /** As tall as a text field beside it (h-10). */
  field: "h-10 px-4 text-sm",
} as const;

type ButtonVariant = keyof typeof VARIANTS;
type ButtonSize = keyof typeof SIZES;

const BOX = "inline-flex items-center justify-center gap-2 rounded-md";
const STATES = "font-medium disabled:cursor-not-allowed disabled:opacity-60";

/** The classes of a button, for a link or a summary that must look like one. */
export function buttonClass(variant: ButtonVariant, size: ButtonSize = "md"): string {
  return variant === "link" ? `${STATES} ${VARIANTS.link}` : `${BOX} ${SIZES[size]} ${STATES} ${VARIANTS[variant]}`;
}

/** A button of the application's few kinds; `type` is "button" unless a form's submit is asked for. */
export function Button({
  variant = "secondary",
  size = "md",
  type = "button",
  className = "",
  ...props
}: ComponentProps<"button"> & { variant?: ButtonVariant; size?: ButtonSize }) {
  return <button type={type} className={`${buttonClass(variant, size)} ${className}`} {...props} />;
}
