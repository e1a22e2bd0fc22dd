import type { MdMessage } from "./md-message.schema";
import { site } from "./site";
import { team } from "./team";

const md = team.find((m) => m.role === "Managing Director");
if (!md) throw new Error("app/content/team: the Managing Director is missing");

// /our-company/md: the Managing Director's message. Name and portrait come from the team list.
export const mdMessage = {
  heading: "Message from the Managing Director",
  greeting: "Dear buyers, partners and colleagues,",
  paragraphs: [
    `When we started ${site.shortName} in ${site.foundedYear}, we made one promise: to be the supplier we would want to buy from ourselves. That means honest prices, realistic lead times and products that match the approved sample, every time.`,
    `Thanks to the trust of our buyers, we have grown into a business with a yearly turnover of USD ${site.turnover.currentUsdMillions} million, with factories and fabric sourcing offices in India, Pakistan and China alongside our head office in ${site.headOffice.city}. We aim to reach USD ${site.turnover.projectedUsdMillions} million in ${site.turnover.projectedYear}, and we will get there by serving the buyers we have even better, not by cutting corners.`,
    `Growth only counts if it is responsible. Our ${site.sustainabilityVisionYear} sustainability vision commits us to audited, safe factories, fair working conditions and materials such as ${site.cottonTypes.join(", ")} cotton. Our compliance and quality teams have the authority to stop any order that does not meet those standards.`,
    "To our buyers: thank you for your confidence; we will keep earning it with each shipment. To our team: thank you for the care you put into every order. I look forward to building the next chapter together.",
  ],
  signOff: "With warm regards,",
  name: md.name,
  role: "Managing Director",
  portrait: md.image,
} satisfies MdMessage;
