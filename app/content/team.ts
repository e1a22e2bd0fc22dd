import type { TeamMember } from "./schema";

// The six team members (SPEC §3). Names are SAMPLE values; replace them with your people.
export const team = [
  {
    name: "Rahim Chowdhury",
    role: "Managing Director",
    rating: 5,
    text: "We earn our buyers' trust one shipment at a time: on time, on quality, and honest about every step.",
    image: "/images/team/man.svg",
  },
  {
    name: "Nusrat Jahan",
    role: "DGM",
    rating: 5,
    text: "Good planning makes fast delivery possible. Our teams plan every order from fabric to shipment.",
    image: "/images/team/woman.svg",
  },
  {
    name: "Tanvir Ahmed",
    role: "Merchandiser Team Leader",
    rating: 5,
    text: "Every buyer gets one merchandiser who knows the order inside out and answers the same day.",
    image: "/images/team/man.svg",
  },
  {
    name: "Sabbir Hossain",
    role: "QC Team Leader",
    rating: 4,
    text: "",
    image: "/images/team/man.svg",
  },
  {
    name: "Farzana Akter",
    role: "Designer",
    rating: 5,
    text: "We design collections that sell in our buyers' markets and can be made at the right price.",
    image: "/images/team/woman.svg",
  },
  {
    name: "Mahmudul Hasan",
    role: "Compliance Auditor",
    rating: 4,
    text: "A safe, fair workplace is not a certificate on the wall; we check it on the factory floor.",
    image: "/images/team/man.svg",
  },
] satisfies TeamMember[];
