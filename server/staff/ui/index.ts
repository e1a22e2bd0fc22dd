/** The staff desk's page kit: every staff page is built from these (no client JavaScript). */
export { staffPage, staffNav, navFor, type NavItem, type StaffPageOptions, type Problem } from "./layout";
export { InputField, SelectField, TextAreaField, Button, ButtonLink, PostButton } from "./form";
export { DataTable, UtcTime, type Column } from "./table";
export { BarChart, type ChartBar, type ChartSeries } from "./chart";
export { staffCss, staffCssPath } from "./styles";
export { staffText, roleLabels, firstAccountCommand } from "./text";
