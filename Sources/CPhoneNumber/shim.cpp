#include "CPhoneNumber.h"
int proactive_phone_placeholder(void) { return 0; }
