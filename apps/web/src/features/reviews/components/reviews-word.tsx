/** "Reviews" on narrow screens, "Posts" on wide ones (spec: the 834 px breakpoint). */
export function ReviewsWord() {
  return (
    <>
      <span className="reviews-word--narrow">Reviews</span>
      <span className="reviews-word--wide">Posts</span>
    </>
  );
}
