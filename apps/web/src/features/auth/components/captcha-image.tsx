interface CaptchaImageProps {
  src: string;
  onRefresh: () => void;
}

/** The image captcha beside its input; a click loads a new one. */
export function CaptchaImage({ src, onRefresh }: CaptchaImageProps) {
  return (
    <button
      type="button"
      className="captcha-image"
      onClick={onRefresh}
      aria-label="图形验证码，点击刷新"
      title="看不清？点击刷新"
    >
      <img src={src} alt="图形验证码" width={110} height={38} />
    </button>
  );
}
