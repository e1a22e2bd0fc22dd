import type { Office } from "./schema";
import { site } from "./site";

// Footer offices, in the order shown. Addresses, e-mails and phones other than the head office's
// city are SAMPLE values.
export const offices = [
  {
    country: "Bangladesh",
    label: "Bangladesh (Head Office)",
    isHeadOffice: true,
    address: site.headOffice.address,
    email: site.email,
    phone: site.phone,
    phoneHref: site.phoneHref,
    website: site.url,
  },
  {
    country: "USA",
    label: "USA",
    isHeadOffice: false,
    address: "Suite 100, 123 Example Street, New York, NY 10001, USA",
    email: "usa@example.com",
    phone: "+1 212-555-0100",
    phoneHref: "+12125550100",
    website: "https://usa.example.com",
  },
  {
    country: "India",
    label: "India",
    isHeadOffice: false,
    address: "Example Tower, Sector 18, Gurugram, Haryana 122015, India",
    email: "india@example.com",
    phone: "+91 124 000 0000",
    phoneHref: "+911240000000",
    website: "https://india.example.com",
  },
  {
    country: "Pakistan",
    label: "Pakistan",
    isHeadOffice: false,
    address: "Example Plaza, Main Boulevard, Gulberg III, Lahore 54660, Pakistan",
    email: "pakistan@example.com",
    phone: "+92 42 0000 0000",
    phoneHref: "+924200000000",
    website: "https://pakistan.example.com",
  },
] satisfies Office[];
