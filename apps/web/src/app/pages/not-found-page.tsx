import { NotFound } from '../../components/not-found';

/** Not-found page inside the public layout. */
export function NotFoundPage() {
  return (
    <div className="plain-page">
      <NotFound />
    </div>
  );
}
