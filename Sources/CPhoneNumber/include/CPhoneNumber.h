#ifndef PROACTIVE_CPHONENUMBER_H
#define PROACTIVE_CPHONENUMBER_H
#ifdef __cplusplus
extern "C" {
#endif
int proactive_phone_placeholder(void);
#ifdef __cplusplus
}
#endif
#endif
