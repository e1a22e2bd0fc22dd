// Public surface of the forms feature (the home page imports ContactForm from here).
export { ContactForm, type ContactFormProps } from "./contact-form";
export { CareerForm, type CareerFormProps } from "./career-form";
