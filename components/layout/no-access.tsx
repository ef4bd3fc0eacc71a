import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";

/** `permission`: the screen needs a grant on top of a role (e.g. answering privacy requests), not another role. */
export function NoAccess({ title, permission = false }: { title: string; permission?: boolean }) {
  return (
    <>
      <PageHeader title={title} />
      <EmptyState
        title={permission ? "Your account does not include this screen" : "Your role does not include this screen"}
      >
        {permission
          ? "If you need it, ask your Daybook admin to grant it to your account."
          : "If you need it, ask your Daybook admin to change your role."}
      </EmptyState>
    </>
  );
}
