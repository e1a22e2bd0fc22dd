import type { z } from "zod";
import type { MailForm } from "../../app/lib/contracts/form-endpoint";
import { fieldOfProblem, formProblems, type FormProblem } from "../../app/lib/contracts/form-results";

/** A native post read: the typed lead, or the problem its not-sent page names. */
export type Parsed<L, F extends MailForm> = { lead: L } | { problem: FormProblem<F> };

/** The problem page of each of a lead's text fields (the resume's are below). */
const problemOfField = new Map<string, FormProblem>(
  Object.entries(fieldOfProblem)
    .filter(([problem]) => problem !== "resume" && problem !== "resume-name")
    .map(([problem, field]) => [field, problem as FormProblem]),
);

/** The page that explains the first refused field of a lead: `/{form}/not-sent/{problem}`. */
export function problemOfIssue<F extends MailForm>(error: z.ZodError): FormProblem<F> {
  const [field, part] = error.issues[0]?.path ?? [];
  if (field === "resume") return (part === "filename" ? "resume-name" : "resume-type") as FormProblem<F>;
  return (problemOfField.get(String(field ?? "")) ?? "failed") as FormProblem<F>;
}

/**
 * The not-sent page of a field the form reader refused (a character no keyboard types, decision
 * 0134): the field's own page, whose "going back keeps what you typed" holds; undefined for a field
 * the form does not have (no browser sends it: the reader's 400 answers).
 */
export function problemOfRefusedField<F extends MailForm>(form: F, field: string): FormProblem<F> | undefined {
  const problem = field === "resume" ? "resume-name" : problemOfField.get(field);
  return problem && (formProblems[form] as readonly string[]).includes(problem) ? (problem as FormProblem<F>) : undefined;
}
