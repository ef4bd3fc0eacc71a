import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";

export function NoAccess({ title }: { title: string }) {
  return (
    <>
      <PageHeader title={title} />
      <EmptyState title="Your role does not include this screen">
        If you need it, ask your Daybook admin to change your role.
      </EmptyState>
    </>
  );
}
