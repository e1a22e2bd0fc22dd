/** The staff desk's page kit: every staff page is built from these (no client JavaScript but the shortcuts' one script, decision 0154). */
export { staffPage, staffNav, navFor, type NavItem, type StaffPageOptions, type Problem } from "./layout";
export { InputField, SelectField, TextAreaField, Button, ButtonLink, PostButton } from "./form";
export { DataTable, UtcTime, type Column } from "./table";
export { BarChart, type ChartBar, type ChartSeries } from "./chart";
export { staffCss, staffCssPath } from "./styles";
export { shortcutsScript, shortcutsScriptHash } from "./shortcuts-script";
export { staffText, roleLabels, firstAccountCommand } from "./text";
