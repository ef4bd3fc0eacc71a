import type { ReactNode } from "react";

import { buttonClass } from "@/components/ui/button";
import { Link } from "@/components/ui/link";
import { PageHeader } from "@/components/ui/page-header";

/** The head of an admin screen, under the section tabs: an optional way back, the title, an optional action. */
export function AdminHeader({
  title,
  description,
  back,
  action,
}: {
  title: string;
  description?: ReactNode;
  /** `label` in the person's language. */
  back?: { href: string; label: string };
  action?: ReactNode;
}) {
  return (
    <>
      {back ? (
        <p className="mb-2 text-sm">
          <Link href={back.href} className={buttonClass("link")}>
            <span aria-hidden>{"← "}</span>
            {back.label}
          </Link>
        </p>
      ) : null}
      <div className="flex flex-wrap items-start justify-between gap-x-6">
        <PageHeader title={title} description={description} />
        {action ? <div className="mb-6">{action}</div> : null}
      </div>
    </>
  );
}
