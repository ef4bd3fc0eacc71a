import type { Role } from "@/lib/core/access";

/** What an account form keeps between submissions; never the passwords. */
export interface AccountFormValues {
  name: string;
  email: string;
  role?: Role;
  access: "all" | "selected";
  properties: string[];
  /** Grants beyond the role (lib/core/access PERMISSIONS); the edit form only. */
  permissions?: string[];
}

export function readAccountForm(form: FormData): AccountFormValues {
  const text = (key: string) => {
    const value = form.get(key);
    return typeof value === "string" ? value : "";
  };
  return {
    name: text("name"),
    email: text("email"),
    role: (text("role") || undefined) as Role | undefined,
    access: text("access") === "all" ? "all" : "selected",
    properties: form.getAll("properties").filter((value): value is string => typeof value === "string"),
    permissions: form.getAll("permissions").filter((value): value is string => typeof value === "string"),
  };
}
