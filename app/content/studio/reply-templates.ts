import { fields, singleton } from "@keystatic/core";
import { text } from "./fields";

// content/reply-templates.yaml (decision 0100): answers the staff start a reply from on a lead's page in
// the staff desk. Not shown on the public site: the build hands them to the server
// (server-settings.json), as it does the retention of applications.

export const replyTemplates = singleton({
  label: "Reply templates",
  path: "content/reply-templates",
  format: { data: "yaml" },
  schema: {
    templates: fields.array(
      fields.object({
        name: text("Name (as the staff desk lists it)", { max: 80 }),
        text: text("Text", {
          multiline: true,
          description: "{name} becomes the name the lead gave, {reference} the lead's reference (e.g. Q-2026-00042) and {staff} the name of the member of staff who sends it (sign with it). On a quote request, from its newest quotation sent: {quotation} (e.g. Q-2026-00042 v2), {totals}, {validUntil} and {sentOn}; the first template naming {quotation} is the suggested follow-up of a quotation the buyer has not answered. The staff member edits it before sending.",
        }),
      }),
      { label: "Templates", itemLabel: (props) => props.fields.name.value || "Template" },
    ),
  },
});
