import { resumeMaxBytes } from "../../app/lib/contracts/constants";
import { careerLeadSchema, type CareerLead } from "../../app/lib/contracts/leads";
import { resumeTypeIds } from "../../app/lib/contracts/resume-content";
import { fileKindFromBytes } from "../platform/file-kind";
import { textField } from "../platform/form-reader";
import { problemOfIssue, type Parsed } from "./form-problems";

/**
 * The career form's native post (multipart, the resume as the file part `resume`) as a typed career
 * lead, or the problem page to send the visitor to: the resume's own problems first (missing, over
 * 50KB, not an accepted type: each has a page of its own), then the first refused field.
 */
export async function careerFromForm(data: FormData): Promise<Parsed<CareerLead, "career">> {
  const resume = data.get("resume");
  // A form posted without a file still sends an empty part named "" (or no part at all).
  if (!(resume instanceof File) || resume.size === 0) return { problem: "resume" };
  if (resume.size > resumeMaxBytes) return { problem: "too-large" };
  const content = new Uint8Array(await resume.arrayBuffer());
  const type = await fileKindFromBytes(content, resumeTypeIds);
  if (!type) return { problem: "resume-type" };
  const checked = careerLeadSchema.safeParse({
    kind: "career",
    name: textField(data, "name"),
    email: textField(data, "email"),
    phone: textField(data, "phone"),
    position: textField(data, "position"),
    coverLetter: textField(data, "coverLetter"),
    resume: { content, type, filename: resume.name },
  });
  return checked.success ? { lead: checked.data } : { problem: problemOfIssue<"career">(checked.error) };
}
