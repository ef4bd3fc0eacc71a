import { createElement, type ComponentProps, type ReactNode } from "react";

/** Every text field, text area and select: the same box, the same invalid state. */
export const inputClass =
  "block w-full rounded-md border border-stone-300 bg-white px-3 py-2 text-sm text-stone-900 shadow-sm disabled:bg-stone-100 disabled:opacity-60 aria-[invalid=true]:border-red-600 aria-[invalid=true]:ring-1 aria-[invalid=true]:ring-red-600";

/** A field's or a group's error, in words after a warning sign; tied to its control by `id`. */
export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-sm font-medium text-red-700">
      <span aria-hidden>{"⚠ "}</span>
      {message}
    </p>
  );
}

interface FieldProps {
  id: string;
  label: ReactNode;
  /** Under the control, read out with it. */
  hint?: ReactNode;
  error?: string;
}

/** The label, the control, its hint and its error, the last two tied to the control for screen readers. */
function Field({ id, label, hint, error, children }: FieldProps & { children: ReactNode }) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-stone-800">
        {label}
      </label>
      {children}
      {hint ? (
        <div id={`${id}-hint`} className="text-sm text-stone-600">
          {hint}
        </div>
      ) : null}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

type Control = "input" | "textarea" | "select";
type ControlFieldProps<C extends Control> = FieldProps & Omit<ComponentProps<C>, "id">;

function ControlField<C extends Control>({
  control,
  id,
  label,
  hint,
  error,
  className = "",
  ...rest
}: ControlFieldProps<C> & { control: C }) {
  const describedBy = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ");
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      {createElement(control, {
        id,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": describedBy || undefined,
        className: `${inputClass} ${className}`,
        ...rest,
      })}
    </Field>
  );
}

export function TextField(props: ControlFieldProps<"input">) {
  return <ControlField control="input" {...props} />;
}

export function TextAreaField(props: ControlFieldProps<"textarea">) {
  return <ControlField control="textarea" {...props} />;
}

export function SelectField(props: ControlFieldProps<"select">) {
  return <ControlField control="select" {...props} />;
}

/**
 * A code from an authenticator app, sent as `code`: a digit keypad and the phone's one-time-code
 * autofill. A field that also takes a recovery code (letters too) asks for `inputMode="text"`.
 */
export function CodeField(props: Omit<ControlFieldProps<"input">, "name" | "autoComplete">) {
  return <TextField name="code" inputMode="numeric" autoComplete="one-time-code" required {...props} />;
}
