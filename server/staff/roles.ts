import { leadKinds, type LeadKind } from "../../app/lib/contracts/leads";

/**
 * Who may see what on the staff desk (decision 0051). One table, read by every staff route and page on
 * the server: a role that may not see a lead type gets 403 for the type and no trace of it, counts
 * included; a lead of that type answers 404, as one that does not exist.
 */
export const staffRoles = ["admin", "sales", "hr", "editor"] as const;
export type StaffRole = (typeof staffRoles)[number];

/** The lead types of the leads table's `form` column that the inbox lists. */
export const leadTypes = leadKinds;
export type LeadType = LeadKind;

/** A signed-in member of staff, as the guard hands it to a route (`c.get("staff")`). */
export type StaffUser = {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
  /** The single-key shortcuts are on for this member (decision 0154): their pages carry the script, its hash in the CSP. */
  shortcuts?: boolean;
};

const leadTypesByRole: Record<StaffRole, readonly LeadType[]> = {
  admin: leadTypes,
  sales: ["contact", "quote"],
  hr: ["career"],
  editor: [],
};

export function leadTypesFor(role: StaffRole): readonly LeadType[] {
  return leadTypesByRole[role];
}

export function mayEditContent(role: StaffRole): boolean {
  return role === "admin" || role === "editor";
}
