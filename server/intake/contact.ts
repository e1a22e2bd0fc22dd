import { contactLeadSchema, type ContactLead } from "../../app/lib/contracts/leads";
import { textField } from "../platform/form-reader";
import { problemOfIssue, type Parsed } from "./form-problems";

/** The Get In Touch form's native post (its fields by name) as a typed contact lead, or the problem of its first refused field. */
export function contactFromForm(data: FormData): Parsed<ContactLead, "contact"> {
  const checked = contactLeadSchema.safeParse({
    kind: "contact",
    name: textField(data, "name"),
    email: textField(data, "email"),
    subject: textField(data, "subject"),
    message: textField(data, "message"),
  });
  return checked.success ? { lead: checked.data } : { problem: problemOfIssue<"contact">(checked.error) };
}
