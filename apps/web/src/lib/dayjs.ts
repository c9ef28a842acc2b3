import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';

/** dayjs in Chinese (weekdays, month names, relative times). Imported where dates are shown, not at the root. */
dayjs.locale('zh-cn');

export default dayjs;
