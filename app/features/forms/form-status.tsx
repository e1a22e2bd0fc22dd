import type { SendStatus } from "./use-mail-submission";

export type FormStatusProps = {
  status: SendStatus;
  success: string;
  failure: string;
  /** Career: a check mark beside the success message. */
  checkMark?: boolean;
  /** The messages' language where the content around them is another's (decision 0160). */
  lang?: string | undefined;
};

/** The live region under a form: present from the start so screen readers announce what appears in it. */
export function FormStatus({ status, success, failure, checkMark = false, lang }: FormStatusProps) {
  return (
    <div role="status" lang={lang} className="mt-4 min-h-7 font-semibold">
      {status === "success" && (
        <p className="flex items-center gap-2 text-green-800">
          {checkMark && (
            <span aria-hidden="true" className="inline-grid size-6 place-items-center rounded-full bg-green-800 text-sm text-white">
              ✓
            </span>
          )}
          <span>{success}</span>
        </p>
      )}
      {status === "error" && <p className="text-red-700">{failure}</p>}
    </div>
  );
}
