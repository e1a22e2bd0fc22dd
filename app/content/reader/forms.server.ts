import type { ReadingContext } from "./context.server";

// The contact and career forms' words, and the pages a native post lands on (content/form-results.yaml).

export function readForms(c: ReadingContext) {
  const contactEntry = c.entryOf("contact");
  const contact = contactEntry && {
    detailsHeading: contactEntry.detailsHeading,
    addressLabel: contactEntry.addressLabel,
    emailLabel: contactEntry.emailLabel,
    phoneLabel: contactEntry.phoneLabel,
    map: contactEntry.map,
    form: (({ nameLabel, emailLabel, subjectLabel, messageLabel, ...rest }) => ({
      ...rest,
      labels: { name: nameLabel, email: emailLabel, subject: subjectLabel, message: messageLabel },
    }))(contactEntry.form),
  };

  const careerEntry = c.entryOf("career");
  const career =
    careerEntry &&
    (({ nameLabel, emailLabel, phoneLabel, positionLabel, coverLetterLabel, resumeLabel, ...rest }) => ({
      ...rest,
      labels: { name: nameLabel, email: emailLabel, phone: phoneLabel, position: positionLabel, coverLetter: coverLetterLabel, resume: resumeLabel },
    }))(careerEntry);

  return { contact: contact!, career: career!, formResults: c.entryOf("formResults")! };
}
