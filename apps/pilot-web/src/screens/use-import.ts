import { type ImportChoices } from '@pft/logbook/domain';
import { useRef, useState } from 'preact/hooks';
import { ApiError } from '../api/client';
import {
  chooseForImport,
  commitImport,
  type ImportCommitResult,
  type ImportView,
  uploadImport,
  type UploadProgress,
} from '../api/imports';
import { withChoices } from './import-choices';

/** The import is no longer kept (24 hours after its upload), or was never this pilot's. */
export const expired = (err: unknown): boolean => err instanceof ApiError && err.code === 'IMPORT_NOT_FOUND';

/** One import of the Import screen: its upload, the pilot's choices, its commit. */
export interface ImportFlow {
  /** While a file is being sent and read. */
  progress: UploadProgress | null;
  /** The preview: the service's last answer with the choices not yet answered applied. */
  view: ImportView | null;
  result: ImportCommitResult | null;
  error: unknown;
  /** Choices sent and not yet answered, or a commit under way: Import waits. */
  waiting: boolean;
  /** A commit under way: no choice is made any more. */
  committing: boolean;
  upload: (file: File | null) => Promise<void>;
  choose: (choices: ImportChoices) => void;
  commit: () => void;
}

/**
 * The state of an import and the requests that move it on. Choices are sent one after the other
 * (the service merges each into the earlier ones) and shown at once; each answer is shown with the
 * choices still unanswered applied to it, so the controls never go back while the pilot works, and
 * never lose the keyboard focus by being disabled.
 */
export function useImport(onExpired: () => void): ImportFlow {
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [view, setView] = useState<ImportView | null>(null);
  const [result, setResult] = useState<ImportCommitResult | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [sending, setSending] = useState(0);
  const [committing, setCommitting] = useState(false);
  /** The latest file chosen: an answer for an earlier one is dropped. */
  const latest = useRef<File | null>(null);
  /** The service's last answer for the current import. */
  const answered = useRef<ImportView | null>(null);
  /** Choices sent and not yet answered, in order. */
  const unanswered = useRef<ImportChoices[]>([]);
  const queue = useRef<Promise<void>>(Promise.resolve());

  const show = (answer: ImportView | null) => {
    answered.current = answer;
    setView(answer && unanswered.current.reduce(withChoices, answer));
  };
  const fail = (err: unknown) => {
    setError(err);
    if (expired(err)) {
      // Nothing is left to choose for or commit: the file is to be chosen again.
      latest.current = null;
      unanswered.current = [];
      show(null);
      onExpired();
    }
  };

  const upload = async (file: File | null) => {
    latest.current = file;
    unanswered.current = [];
    show(null);
    setResult(null);
    setError(null);
    setProgress(null);
    if (!file) return;
    try {
      const uploaded = await uploadImport(file, (p) => latest.current === file && setProgress(p));
      if (latest.current === file) show(uploaded);
    } catch (err) {
      if (latest.current === file) setError(err);
    } finally {
      if (latest.current === file) setProgress(null);
    }
  };

  const choose = (choices: ImportChoices) => {
    const importId = answered.current?.import_id;
    if (!importId) return;
    setError(null);
    unanswered.current = [...unanswered.current, choices];
    show(answered.current);
    setSending((n) => n + 1);
    queue.current = queue.current.then(async () => {
      try {
        const answer = await chooseForImport(importId, choices);
        unanswered.current = unanswered.current.filter((c) => c !== choices);
        if (answered.current?.import_id === importId) show(answer);
      } catch (err) {
        // This choice was refused: the preview goes back to what the service last answered.
        unanswered.current = unanswered.current.filter((c) => c !== choices);
        if (answered.current?.import_id === importId) {
          show(answered.current);
          fail(err);
        }
      } finally {
        setSending((n) => n - 1);
      }
    });
  };

  const commit = () => {
    const current = answered.current;
    if (!current) return;
    setError(null);
    setCommitting(true);
    commitImport(current.import_id)
      .then((committed) => {
        setResult(committed);
        show({ ...current, status: 'committed' });
      }, fail)
      .finally(() => setCommitting(false));
  };

  return {
    progress,
    view,
    result,
    error,
    waiting: sending > 0 || committing,
    committing,
    upload,
    choose,
    commit,
  };
}
