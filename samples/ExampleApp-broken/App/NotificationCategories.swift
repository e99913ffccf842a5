import UserNotifications

/// The categories ExampleApp registers; push payloads name them in
/// `aps.category`, and MeetingContent's Info.plist claims MEETING_INVITATION.
enum NotificationCategory: String, CaseIterable {
  case meetingInvitation = "MEETING_INVITATION"
  case chatMessage = "CHAT_MESSAGE"
  case safetyAlert = "SAFETY_ALERT"
}

enum NotificationAction {
  static let accept = "MEETING_ACCEPT"
  static let tentative = "MEETING_TENTATIVE"
  static let decline = "MEETING_DECLINE"
  static let reply = "CHAT_REPLY"
  static let markRead = "CHAT_MARK_READ"
  static let callEmergencyServices = "SAFETY_CALL"
}

enum NotificationCategories {
  static func register(with center: UNUserNotificationCenter = .current()) {
    let accept = UNNotificationAction(
      identifier: NotificationAction.accept, title: "Accept", options: [.foreground],
      icon: UNNotificationActionIcon(systemImageName: "checkmark.circle"))
    let decline = UNNotificationAction(
      identifier: NotificationAction.decline, title: "Decline", options: [.destructive],
      icon: UNNotificationActionIcon(systemImageName: "xmark.circle"))
    // Accept and Decline first: banners and the lock screen show two actions.
    let meetingActions = [
      accept, decline,
      UNNotificationAction(identifier: NotificationAction.tentative, title: "Maybe", options: []),
    ]
    let meetingInvitation = UNNotificationCategory(
      identifier: NotificationCategory.meetingInvitation.rawValue, actions: meetingActions, intentIdentifiers: [],
      hiddenPreviewsBodyPlaceholder: "%u meeting invitations", categorySummaryFormat: "%u more invitations from %@",
      options: [.customDismissAction, .hiddenPreviewsShowTitle])

    let chatMessage = UNNotificationCategory(
      identifier: NotificationCategory.chatMessage.rawValue,
      actions: [
        UNTextInputNotificationAction(
          identifier: NotificationAction.reply, title: "Reply", options: [], textInputButtonTitle: "Send",
          textInputPlaceholder: "Message"),
        UNNotificationAction(identifier: NotificationAction.markRead, title: "Mark as Read", options: []),
      ],
      intentIdentifiers: [], hiddenPreviewsBodyPlaceholder: "", categorySummaryFormat: "%u more messages from %@",
      options: [.allowInCarPlay])

    let safetyAlert = UNNotificationCategory(
      identifier: NotificationCategory.safetyAlert.rawValue,
      actions: [
        UNNotificationAction(
          identifier: NotificationAction.callEmergencyServices, title: "Call Emergency Services",
          options: [.foreground])
      ],
      intentIdentifiers: [], options: [])

    center.setNotificationCategories([meetingInvitation, chatMessage, safetyAlert])
  }
}
