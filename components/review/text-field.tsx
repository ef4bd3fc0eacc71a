"use client";

const NOTE_MAX = 1_000;

/** A note or a reason: plain text, at most 1,000 characters, with its count for the person typing. */
export function TextField({
  id,
  label,
  value,
  onChange,
  required = false,
  disabled = false,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
  disabled?: boolean;
}) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-xs font-medium text-stone-700">
        {label}
      </label>
      <textarea
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        maxLength={NOTE_MAX}
        required={required}
        disabled={disabled}
        rows={2}
        aria-describedby={`${id}-count`}
        className="block w-full rounded-md border border-stone-300 bg-white px-2 py-1.5 text-sm text-stone-900 disabled:opacity-60"
      />
      <p id={`${id}-count`} className="text-right text-xs text-stone-600">
        {value.length.toLocaleString("en-US")} / {NOTE_MAX.toLocaleString("en-US")} characters
      </p>
    </div>
  );
}

export const PRIMARY_BUTTON =
  "rounded-md bg-brand-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-60";
export const SECONDARY_BUTTON =
  "rounded-md border border-stone-300 bg-white px-3 py-1.5 text-sm font-medium text-stone-800 hover:bg-stone-100 disabled:cursor-not-allowed disabled:opacity-60";
export const DANGER_BUTTON =
  "rounded-md border border-red-300 bg-white px-3 py-1.5 text-sm font-medium text-red-800 hover:bg-red-50 disabled:cursor-not-allowed disabled:opacity-60";
