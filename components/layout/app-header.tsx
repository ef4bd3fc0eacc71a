import Link from "next/link";
import { MainNav } from "./main-nav";

export function AppHeader() {
  return (
    <header className="border-b border-stone-200 bg-white">
      <div className="mx-auto flex w-full max-w-6xl flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:gap-8 sm:px-6">
        <Link href="/" className="flex items-center gap-2 text-lg font-semibold tracking-tight text-brand-900">
          <span aria-hidden className="grid size-7 place-items-center rounded-md bg-brand-600 text-sm text-white">
            D
          </span>
          Daybook
        </Link>
        <MainNav />
      </div>
    </header>
  );
}
