import data from "virtual:content/services";
import type { ContentModules } from "./reader/site-content.server";

// /ourservices: content/company/services.yaml; the product list is Company facts' product families.
export type Services = ContentModules["services"];
export const services = data as Services;
