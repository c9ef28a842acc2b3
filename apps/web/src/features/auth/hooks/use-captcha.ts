/** The image captcha hook is shared with the account centre's phone change: it lives in lib. */
export { useCaptcha } from '../../../lib/use-captcha';
