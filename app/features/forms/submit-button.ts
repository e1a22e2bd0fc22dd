export const submitButtonClass =
  "inline-flex min-h-11 items-center rounded-md bg-brand-700 px-6 py-2 font-semibold text-white shadow " +
  "hover:bg-brand-800 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent-500 " +
  "disabled:cursor-not-allowed disabled:bg-ink-700";
