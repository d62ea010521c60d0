export default function TermsPage() {
  return (
    <article className="page">
      <title>Terms and Conditions | Revuhub</title>
      <h1>Terms and Conditions</h1>
      {/* The legal text is supplied by the business; the spec does not reproduce it. */}
      <p>The full terms and conditions will be published here.</p>
    </article>
  );
}
