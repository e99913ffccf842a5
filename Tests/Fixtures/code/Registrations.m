// Objective-C registrations of the shapes pushlint resolves: the fuzzer's seed.
#import <UserNotifications/UserNotifications.h>
#define kReplyAction @"REPLY"
NSString *const kChatCategory = @"CHAT";

@implementation NotificationSetup
- (void)registerCategories {
    UNTextInputNotificationAction *reply = [UNTextInputNotificationAction actionWithIdentifier:kReplyAction
                                                                                         title:NSLocalizedString(@"Reply", nil)
                                                                                       options:UNNotificationActionOptionNone
                                                                          textInputButtonTitle:@"Send"
                                                                          textInputPlaceholder:@""];
    NSMutableArray *actions = [NSMutableArray new];
    [actions addObject:reply];
    if (self.canDelete) {
        [actions addObject:[UNNotificationAction actionWithIdentifier:@"DELETE" title:@"Delete" options:UNNotificationActionOptionDestructive]];
    }
    UNNotificationCategory *chat = [UNNotificationCategory categoryWithIdentifier:kChatCategory
                                                                          actions:actions
                                                                intentIdentifiers:@[]
                                                                          options:UNNotificationCategoryOptionCustomDismissAction];
#if 0
    UNNotificationCategory *old = [UNNotificationCategory categoryWithIdentifier:@"OLD" actions:@[] intentIdentifiers:@[] options:0];
#endif
    [[UNUserNotificationCenter currentNotificationCenter] setNotificationCategories:[NSSet setWithObjects:chat, nil]];
}
@end
