import Link from "next/link";
import type { ReactNode } from "react";

import { PageHeader } from "@/components/ui/page-header";

import { AdminNav } from "./admin-nav";
import { textLinkClass } from "./styles";

/** The frame of every admin screen: section tabs, an optional way back, the title, an optional action. */
export function AdminPage({
  title,
  description,
  back,
  action,
  children,
}: {
  title: string;
  description?: ReactNode;
  back?: { href: string; label: string };
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <>
      <AdminNav />
      {back ? (
        <p className="mb-2 text-sm">
          <Link href={back.href} className={textLinkClass}>
            <span aria-hidden>← </span>
            {back.label}
          </Link>
        </p>
      ) : null}
      <div className="flex flex-wrap items-start justify-between gap-x-6">
        <PageHeader title={title} description={description} />
        {action ? <div className="mb-6">{action}</div> : null}
      </div>
      {children}
    </>
  );
}
